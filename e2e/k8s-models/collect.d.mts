/** DATA_DIR is where the package keeps the model data. */
export declare const DATA_DIR: string;
/** collectModelData returns the rendered data, the file name of its Kubernetes version, and what the build noticed. */
export declare function collectModelData(): Promise<{
  fileName: string;
  text: string;
  paths: string[];
  unserved: string[];
  removedFields: string[];
  embeddedAtomic: string[];
  goMarkers: {
    structs: number;
    unmatched: string[];
    validated: string[];
    droppedDefaults: string[];
    requiredDiffers: string[];
  };
  data: { kubernetesVersion: string; models: Record<string, unknown>; aliases: Record<string, string> };
}>;
