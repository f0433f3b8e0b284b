/** The repository's own lint rules (eslint.config.js registers them as `khedma/*`). */
import { apiPaths } from './api-paths.js';
import { fileNames } from './file-names.js';

export default { rules: { 'file-names': fileNames, 'api-paths': apiPaths } };
