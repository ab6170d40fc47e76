// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec holds patterns in Go's RE2 syntax that JavaScript reads otherwise or not at all. */
export interface WidgetSpec {
  /**
   * word has no punctuation and no space: a POSIX class inside a class.
   * +kubebuilder:validation:Pattern=`^[^[:punct:]\s]+$`
   */
  word?: string;
  /**
   * url is the pattern of controller-tools' cronjob fixture.
   * +kubebuilder:validation:Pattern=`^$|^((https):\/\/?)[^\s()<>]+(?:\([\w\d]+\)|([^[:punct:]\s]|\/?))$`
   */
  url?: string;
  /**
   * letters uses a Unicode class and a case-insensitive group.
   * +kubebuilder:validation:Pattern=`^(?i:abc)\pL*\z`
   */
  letters?: string;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
