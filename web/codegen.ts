// Typed GraphQL documents generated from the API's committed schema: an operation the schema
// no longer accepts fails `npm run codegen`, and a field it no longer returns fails `tsc`.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../schema.graphql",
  documents: ["src/**/*.{ts,tsx}", "!src/gql/**/*"],
  ignoreNoDocuments: false,
  generates: {
    "src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        strictScalars: true,
        scalars: { Date: "string", DateTime: "string", Decimal: "string" },
      },
    },
  },
};

export default config;
