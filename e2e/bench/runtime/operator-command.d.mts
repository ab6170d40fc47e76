/** OperatorOptions are what every part of the runtime benchmark passes to startOperator. */
export interface OperatorOptions {
  kubeconfigPath: string;
  goBin?: string | undefined;
  workers: number;
  metricsPort?: number | undefined;
  managedFields?: 'strip' | 'keep' | 'defaults' | undefined;
  syncTimeoutMs?: number | undefined;
  env?: Record<string, string> | undefined;
  nodeFlags?: string[] | undefined;
  ipc?: boolean | undefined;
  baseEnv?: Record<string, string | undefined> | undefined;
}
/** OperatorCommand is how one operator process is spawned. */
export interface OperatorCommand {
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
  stdio: string[];
}
/** operatorCommand builds the command line and environment of one operator (see operator-command.mjs). */
export declare function operatorCommand(
  kind: 'ts' | 'go',
  options: OperatorOptions,
  defaults: {
    execPath: string;
    script: string;
    nodeFlags: readonly string[];
    driverEnv: Record<string, string | undefined>;
  },
): OperatorCommand;
