// Types of the prom-client modules the runtime imports directly (see prom-client-core.ts): each module's
// export is the class of the same name that the package's index re-exports. This file is not emitted; the
// runtime's published declarations name only the package index.
declare module 'prom-client/lib/registry.js' {
  const Registry: typeof import('prom-client').Registry;
  export default Registry;
}
declare module 'prom-client/lib/counter.js' {
  const Counter: typeof import('prom-client').Counter;
  export default Counter;
}
declare module 'prom-client/lib/gauge.js' {
  const Gauge: typeof import('prom-client').Gauge;
  export default Gauge;
}
declare module 'prom-client/lib/histogram.js' {
  const Histogram: typeof import('prom-client').Histogram;
  export default Histogram;
}
