export declare const MAX_INSTANCES: number;
export declare function clusterSettings(env: Record<string, string | undefined>): { port: number; appPorts: number[]; varnishUrl: string };
export declare function backendsVcl(appPorts: number[]): string;
