// Before any worker starts: this run's ready-made databases for the servers the specs start
// (tests/support/data-dir-templates.ts). The returned function runs after the last worker has stopped.
import { prepareDataDirTemplates } from "../support/data-dir-templates";

export default function globalSetup() {
  return prepareDataDirTemplates();
}
