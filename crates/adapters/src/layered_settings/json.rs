//! A Gemini CLI or Qwen Code settings file as JSON with positions ([`crate::jsonc_ast`]).
//!
//! Gemini CLI reads settings with `JSON.parse(stripJsonComments(content))`
//! (`packages/cli/src/config/settings.ts`, `_doLoadSettings`): `//` and `/* */` comments are
//! allowed, every other JSON5 extension (trailing commas, single quotes, bare keys, hex
//! numbers) is a parse error. Extension `hooks/hooks.json` files are read with a plain
//! `JSON.parse` (`extension-manager.ts`, `loadExtensionHooks`): no comments there. So
//! [`parse`] takes whether comments are allowed.

pub(crate) use crate::jsonc_ast::{parse, printable, span, type_name, Span};
