/**
 * Checks answers against the API reference (`/api/openapi.json`): the operation must be documented, the
 * status among its responses, and the content type among that response's. Tests that send many requests
 * (the fuzzer, the role matrix, the reference's own walk) run every answer through `check`.
 */
interface Spec {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

export function openApiChecker(spec: Spec) {
  const templates = Object.keys(spec.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
    params: (path.match(/\{/g) ?? []).length,
  }));
  // Literal paths before templated ones: /api/visitors/export.csv is not /api/visitors/{id}.
  templates.sort((a, b) => a.params - b.params);

  /** A problem with this answer, or undefined when the reference lists it. */
  function check(method: string, url: string, res: Response): string | undefined {
    const path = url.split('?')[0]!;
    const m = method.toLowerCase();
    const template = templates.find((t) => t.pattern.test(path) && spec.paths[t.path]![m]);
    if (!template) return res.status === 404 ? undefined : `${method} ${path}: no documented operation (answered ${res.status})`;
    const operation = spec.paths[template.path]![m]!;
    const response = operation.responses[String(res.status)];
    const where = `${method} ${template.path}`;
    if (!response) return `${where} answered ${res.status}; documented: ${Object.keys(operation.responses).join(', ')}`;
    const type = (res.headers.get('Content-Type') ?? '').split(';')[0]!.trim();
    if (response.content && !Object.hasOwn(response.content, type)) {
      return `${where} ${res.status} answered ${type || 'no content type'}; documented: ${Object.keys(response.content).join(', ')}`;
    }
    return undefined;
  }
  return { check };
}
