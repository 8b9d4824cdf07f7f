/**
 * `allowEmptyValue`: a parameter sent as `name=` is one the API takes
 * (OpenAPI 3.1 §4.8.12.2 for query parameters; Swagger 2.0 allows it on
 * `query` and `formData` ones). Read by the parameter list, and, for a 2.0
 * form field, by the schema tree and the example generator, which meet the
 * field as a property of the form body's schema.
 */
import { isObject } from "./refs.ts";

/** The fact shown beside a parameter or form field that allows it. */
export const EMPTY_VALUE_ALLOWED = "empty value allowed";

/**
 * Whether `s` is a Swagger 2.0 `formData` parameter read as a property
 * schema of its form body (it keeps its `in` there) that allows an empty
 * value.
 */
export function emptyFormField(s: unknown): boolean {
  return isObject(s) && s.in === "formData" && s.allowEmptyValue === true;
}
