// Memory and CPU time of a benchmarked process, read from /proc (Linux only; elsewhere undefined).
import { readFileSync } from 'node:fs';

/**
 * readMemory returns the current (VmRSS) and peak (VmHWM) resident set of a process in MiB, and the part
 * of the current one that is anonymous memory (RssAnon: heaps, stacks) rather than pages of mapped files
 * (RssFile: mostly the executable's own code and data, such as the node binary's).
 */
export function readMemory(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rssMiB: undefined, hwmMiB: undefined, anonMiB: undefined, fileMiB: undefined };
  }
  const field = (name) => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) / 1024 : undefined;
  };
  return { rssMiB: field('VmRSS'), hwmMiB: field('VmHWM'), anonMiB: field('RssAnon'), fileMiB: field('RssFile') };
}

/**
 * settledRss samples VmRSS every 250 ms for `ms` and returns the median of the samples (steady state:
 * transient spikes of a GC cycle do not decide the figure) with its anonymous and file-backed parts, and
 * the peak seen by the kernel.
 */
export async function settledRss(pid, ms = 3000) {
  const samples = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const sample = readMemory(pid);
    if (sample.rssMiB !== undefined) samples.push(sample);
    await new Promise((r) => setTimeout(r, 250));
  }
  samples.sort((a, b) => a.rssMiB - b.rssMiB);
  const median = samples[Math.floor(samples.length / 2)];
  return { rssMiB: median?.rssMiB, anonMiB: median?.anonMiB, fileMiB: median?.fileMiB, hwmMiB: readMemory(pid).hwmMiB };
}

/**
 * readCpuMs returns the CPU time (user + system) a process has used so far in milliseconds. CPU per
 * reconciled object is the figure least disturbed by other load on a shared machine.
 */
export function readCpuMs(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15 (clock ticks, 100/s on Linux).
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
