// `npm run k8s-models:refresh`: writes src/schema/k8s-models/v<major.minor>.ts from the pinned
// kube-apiserver's /openapi/v3 and says what it found. Bumping the envtest Kubernetes version needs a
// refresh, and K8S_MODELS_FILE in src/schema/k8s-models/load.ts pointing at the new file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, collectModelData } from './collect.mjs';

const r = await collectModelData();
const file = join(DATA_DIR, r.fileName);
writeFileSync(file, r.text);
const out = (s) => process.stdout.write(`${s}\n`);
out(
  `wrote ${file}: ${Object.keys(r.data.models).length} models of Kubernetes ${r.data.kubernetesVersion} from ${r.paths.length} documents (${Math.round(r.text.length / 1024)} KiB)`,
);
out(`client-node names standing for another definition: ${JSON.stringify(r.data.aliases)}`);
out(`atomic because they embed an atomic struct: ${r.embeddedAtomic.join(', ') || 'none'}`);
out(`client-node models of API versions this Kubernetes does not serve: ${r.unserved.length}`);
out(
  `descriptions given the Go sources' line breaks: ${r.goDocs.replaced}; left as published (no doc comment, or ${r.ambiguousDocs} broken differently in different places): ${r.goDocs.missing}`,
);
out(`client-node model fields this Kubernetes no longer has: ${r.removedFields.join(', ') || 'none'}`);
const g = r.goMarkers;
out(
  `Go structs read for field markers: ${g.structs}; definitions with properties and no Go struct (left as published): ${g.unmatched.join(', ') || 'none'}`,
);
out(
  `fields given controller-gen's keys for declarative validation tags and kubebuilder markers: ${g.validated.length}`,
);
out(
  `defaults the OpenAPI has and controller-gen does not write (no +default, or +default=ref()): ${g.droppedDefaults.length}`,
);
out(
  `fields whose required-ness in the OpenAPI differs from controller-gen's rule (which the data follows): ${g.requiredDiffers.join(', ') || 'none'}`,
);
