// Validates an OpenAPI document with swagger-parser (structure, $refs, schemas);
// exits non-zero with its message when the document is not valid.
import SwaggerParser from "@apidevtools/swagger-parser";

const file = process.argv[2];
try {
  await SwaggerParser.validate(file);
  console.log(`${file}: valid (swagger-parser)`);
} catch (err) {
  console.error(`${file}: ${err.message}`);
  process.exit(1);
}
