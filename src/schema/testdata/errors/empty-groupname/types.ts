// +groupName=
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** CronJob is the Schema for the cronjobs API, in controller-tools' nogroup fixture. */
export interface CronJob {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
}
