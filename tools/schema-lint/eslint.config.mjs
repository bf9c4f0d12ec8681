// The rules schema.graphql must pass, and why each one that is off is off:
// docs/decisions/0066-schema-lint.md. Run with scripts/schema-lint.sh (lint.mjs points the
// parser at the file being linted).
import graphql from "@graphql-eslint/eslint-plugin";

// Names kept only for existing clients (deprecated, listed in docs/schema-changes.md): the
// naming rules are not applied to them. Add a name here only together with its replacement.
const DEPRECATED_INPUT_NAMES = ["TravelBookingFilter"];
const notDeprecatedInput = DEPRECATED_INPUT_NAMES.map((name) => `[name.value!="${name}"]`).join("");

export default [
  {
    files: ["**/*.graphql"],
    languageOptions: { parser: graphql.parser },
    plugins: { "@graphql-eslint": graphql },
    rules: {
      // graphql-js validation of the SDL itself: unique names, known types and directives, ...
      "@graphql-eslint/known-argument-names": "error",
      "@graphql-eslint/known-directives": "error",
      "@graphql-eslint/known-type-names": "error",
      "@graphql-eslint/lone-schema-definition": "error",
      "@graphql-eslint/possible-type-extension": "error",
      "@graphql-eslint/provided-required-arguments": "error",
      "@graphql-eslint/unique-directive-names": "error",
      "@graphql-eslint/unique-directive-names-per-location": "error",
      "@graphql-eslint/unique-enum-value-names": "error",
      "@graphql-eslint/unique-field-definition-names": "error",
      "@graphql-eslint/unique-operation-types": "error",
      "@graphql-eslint/unique-type-names": "error",

      // Documentation: every type, field, argument, input field and enum value.
      "@graphql-eslint/require-description": [
        "error",
        {
          types: true,
          rootField: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          DirectiveDefinition: true,
        },
      ],
      "@graphql-eslint/description-style": ["error", { style: "block" }],
      "@graphql-eslint/no-hashtag-description": "error",

      // Deprecation: always say what to use instead.
      "@graphql-eslint/require-deprecation-reason": "error",

      // Naming.
      "@graphql-eslint/naming-convention": [
        "error",
        {
          types: "PascalCase",
          FieldDefinition: "camelCase",
          InputValueDefinition: "camelCase",
          Argument: "camelCase",
          DirectiveDefinition: "camelCase",
          EnumValueDefinition: "UPPER_CASE",
          [`InputObjectTypeDefinition${notDeprecatedInput}`]: {
            style: "PascalCase",
            requiredSuffixes: ["Input"],
          },
          "ObjectTypeDefinition[name.value!=/^(Query|Mutation)$/]": {
            style: "PascalCase",
            requiredPrefixes: ["Travel"],
          },
          "InterfaceTypeDefinition,EnumTypeDefinition,UnionTypeDefinition": {
            style: "PascalCase",
            requiredPrefixes: ["Travel"],
          },
          "FieldDefinition[parent.name.value=Query]": {
            style: "camelCase",
            requiredPrefixes: ["travel"],
          },
          "EnumTypeDefinition,EnumTypeExtension": { forbiddenSuffixes: ["Enum"] },
          "InterfaceTypeDefinition,InterfaceTypeExtension": { forbiddenSuffixes: ["Interface"] },
          "ObjectTypeDefinition,ObjectTypeExtension": { forbiddenSuffixes: ["Type"] },
        },
      ],
      "@graphql-eslint/no-typename-prefix": "error",
      "@graphql-eslint/no-unreachable-types": "error",
    },
  },
];
