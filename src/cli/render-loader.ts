import type { TemplateRenderer } from '../machinery/render.js';

/** render loads the Handlebars environment on demand, keeping it out of `--help`. */
export async function render(): Promise<TemplateRenderer> {
  const { TemplateRenderer: Renderer } = await import('../machinery/render.js');
  return new Renderer();
}
