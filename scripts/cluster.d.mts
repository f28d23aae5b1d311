// Types of scripts/cluster.mjs for the TypeScript that drives a cluster (the cluster suite, the bench).

export declare const SERVER_ENTRY: string;
export declare const SEED_ENTRY: string;
export declare const NGINX: string;

export interface ServerProcess {
  port: number;
  url: string;
  pid: number;
  /** The last 20 kB of its stdout and stderr. */
  output: string;
  exitCode: number | null;
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): void;
  ready: Promise<void>;
}

export interface RunningNginx {
  url: string;
  conf: string;
  pid: number;
  stop(): Promise<void>;
}

export interface RunningCluster {
  /** nginx's address: what users and players reach. */
  url: string;
  dir: string;
  env: NodeJS.ProcessEnv;
  servers: ServerProcess[];
  nginx: RunningNginx;
  stop(): Promise<void>;
}

export declare function nginxConfig(options: {
  dir: string;
  port: number;
  upstreams: number[];
  segmentSecret: string;
  cacheSize?: string;
}): string;
export declare function nginxAvailable(): boolean;
export declare function startProcess(port: number, env: NodeJS.ProcessEnv): ServerProcess;
export declare function clusterEnv(options: {
  databaseUrl: string;
  proxyUrl: string;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv & { SEGMENT_URL_SECRET: string };
export declare function seedDemo(env: NodeJS.ProcessEnv): string;
export declare function startNginx(
  dir: string,
  port: number,
  upstreams: number[],
  segmentSecret: string,
): Promise<RunningNginx>;
export declare function startCluster(options: {
  databaseUrl: string;
  port: number;
  processes?: number;
  demo?: boolean;
  env?: NodeJS.ProcessEnv;
  say?: (line: string) => void;
}): Promise<RunningCluster>;
