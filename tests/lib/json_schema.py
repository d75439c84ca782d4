"""A JSON Schema validator for the subset schema/json/ uses (Python's
standard library has none): type (a name or a list of names), required,
properties, additionalProperties (false or a schema), enum, pattern
(re.search, as JSON Schema says), items, minimum, anyOf, and $ref to
"#/$defs/NAME" or "FILE.json#/$defs/NAME" beside the schema.

Any other keyword is a SchemaError, not ignored: a schema that says
"requried" or "maxLength" must not pass documents it seems to check.
Annotations ($schema, $id, $defs, $comment, title, description) are allowed.

    errors = Validator(path).errors(document)          # the root schema
    errors = Validator(path).errors(document, "#/$defs/stats")
Each error is "PATH: problem", PATH like $.puzzles[0].tier."""

import json
import os
import re

ANNOTATIONS = {"$schema", "$id", "$defs", "$comment", "title", "description"}
KEYWORDS = {"type", "required", "properties", "additionalProperties", "enum",
            "pattern", "items", "minimum", "anyOf", "$ref"}
TYPES = {"object", "array", "string", "integer", "number", "boolean", "null"}


class SchemaError(Exception):
    """The schema itself is wrong or uses a keyword outside the subset."""


# bool first: True is an int to Python, never a number to JSON.
PY_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"),
            (list, "array"), (dict, "object"))


def type_of(value):
    """The JSON type name of a parsed value."""
    if value is None:
        return "null"
    for cls, name in PY_TYPES:
        if isinstance(value, cls):
            return name
    raise SchemaError(f"not a JSON value: {value!r}")


def same(a, b):
    """JSON equality: true is not 1, 1 is 1.0."""
    if type_of(a) in ("integer", "number") and type_of(b) in ("integer", "number"):
        return a == b
    if type_of(a) != type_of(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


class Validator:
    def __init__(self, path):
        self.dir = os.path.dirname(os.path.abspath(path))
        self.files = {}
        self.root = os.path.basename(path)
        self.load(self.root)

    def load(self, name):
        if name not in self.files:
            if "/" in name or not name.endswith(".json"):
                raise SchemaError(f"$ref to {name}: only FILE.json beside the schema")
            with open(os.path.join(self.dir, name)) as f:
                self.files[name] = json.load(f)
        return self.files[name]

    def resolve(self, ref, here):
        """(file, schema) that ref, seen in file here, points to."""
        name, _, frag = ref.partition("#")
        name = name or here
        doc = self.load(name)
        if frag == "":
            return name, doc
        m = re.fullmatch(r"/\$defs/([A-Za-z0-9_]+)", frag)
        if not m or m.group(1) not in doc.get("$defs", {}):
            raise SchemaError(f"$ref {ref}: no such definition in {name}")
        return name, doc["$defs"][m.group(1)]

    def errors(self, document, ref=""):
        """Every way document breaks the schema (root, or ref in it)."""
        out = []
        name, schema = self.resolve(ref, self.root) if ref else (self.root,
                                                                  self.files[self.root])
        self.check(document, schema, name, "$", out)
        return out

    def check(self, value, schema, here, path, out):
        if schema is True:
            return
        if schema is False:
            out.append(f"{path}: no value is allowed here")
            return
        if not isinstance(schema, dict):
            raise SchemaError(f"{path}: a schema must be an object, got {schema!r}")
        unknown = set(schema) - KEYWORDS - ANNOTATIONS
        if unknown:
            raise SchemaError(f"{path}: keywords outside the subset: {sorted(unknown)}")
        if "$ref" in schema:
            name, target = self.resolve(schema["$ref"], here)
            self.check(value, target, name, path, out)
        kind = type_of(value)
        if "type" in schema:
            want = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if set(want) - TYPES:
                raise SchemaError(f"{path}: unknown type in {want}")
            if not (kind in want or (kind == "integer" and "number" in want)):
                out.append(f"{path}: expected {' or '.join(want)}, got {kind}")
                return
        if "enum" in schema and not any(same(value, e) for e in schema["enum"]):
            out.append(f"{path}: {value!r} is not one of {schema['enum']}")
        if "pattern" in schema and kind == "string" and \
                re.search(schema["pattern"], value) is None:
            out.append(f"{path}: {value!r} does not match {schema['pattern']}")
        if "minimum" in schema and kind in ("integer", "number") and \
                value < schema["minimum"]:
            out.append(f"{path}: {value} is less than the minimum {schema['minimum']}")
        if "anyOf" in schema:
            tried = []
            for i, sub in enumerate(schema["anyOf"]):
                errs = []
                self.check(value, sub, here, path, errs)
                if not errs:
                    break
                tried.append(f"[{i}] {errs[0]}")
            else:
                out.append(f"{path}: matches none of anyOf ({'; '.join(tried)})")
        if kind == "object":
            self.check_object(value, schema, here, path, out)
        if kind == "array" and "items" in schema:
            for i, item in enumerate(value):
                self.check(item, schema["items"], here, f"{path}[{i}]", out)

    def check_object(self, value, schema, here, path, out):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{path}: the required key {key!r} is missing")
        for key, item in value.items():
            if key in props:
                self.check(item, props[key], here, f"{path}.{key}", out)
            elif "additionalProperties" in schema:
                extra = schema["additionalProperties"]
                if extra is False:
                    out.append(f"{path}: the key {key!r} is not allowed")
                else:
                    self.check(item, extra, here, f"{path}.{key}", out)

    def check_schema(self):
        """Walks every definition of every file reached, so a keyword
        outside the subset is found even where no document goes."""
        seen = set()

        def walk(schema, here):
            if isinstance(schema, bool) or id(schema) in seen:
                return
            seen.add(id(schema))
            self.check(None, schema, here, "schema", [])  # raises on bad keywords
            for sub in list(schema.get("properties", {}).values()) + \
                    list(schema.get("$defs", {}).values()) + schema.get("anyOf", []):
                walk(sub, here)
            for key in ("items", "additionalProperties"):
                if isinstance(schema.get(key), dict):
                    walk(schema[key], here)
            if "$ref" in schema:
                walk(*reversed(self.resolve(schema["$ref"], here)))

        walk(self.files[self.root], self.root)
