//! Matchers through the import path, Jarvis → Codex → Jarvis, checked by meaning: for arbitrary
//! JavaScript patterns, the matcher Codex reads back from what the writer writes (and the one
//! that comes back into Jarvis) matches exactly the tool names the original matched. This pins
//! the `(?:…)` protection: Codex reads a plain string like `Bash` or `Edit|Write` as exact
//! names, where the regex also matched `BashOutput`.

use adapters::codex_json::{lower::parse_matcher, write::matcher_string};
use hook_ir::{Convention, Dialect, Matcher};
use hooks_migrate::convert::matcher::translate;
use proptest::prelude::*;

/// Tool names to compare on: the fixed tricky ones plus generated ones.
fn samples(extra: &[String]) -> Vec<String> {
    let mut v: Vec<String> = [
        "Bash",
        "BashOutput",
        "Edit",
        "MultiEdit",
        "Write",
        "",
        "A|B",
        "a",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend_from_slice(extra);
    v
}

fn same_meaning(a: &Matcher, b: &Matcher, names: &[String]) -> Result<(), String> {
    let (ca, cb) = (a.compile().unwrap(), b.compile().unwrap());
    for n in names {
        if ca.is_match(n) != cb.is_match(n) {
            return Err(format!("{a:?} and {b:?} differ on {n:?}"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn jarvis_regexes_keep_their_meaning_through_codex(
        pattern in prop_oneof![
            "[ABEa_|]{1,10}",
            "[ABEa_|.*^$()?:-]{1,12}",
            "\\(\\?:[ABEa_|]{1,8}\\)",
            "\\^\\(\\?:[ABEa_|]{1,8}\\)\\$",
        ],
        extra in proptest::collection::vec("[ABEa_|]{0,6}", 0..6),
    ) {
        let original = Matcher::Regex { dialect: Dialect::Ecmascript, pattern };
        prop_assume!(original.compile().is_ok());
        let names = samples(&extra);
        // A refusal is allowed (the pattern does not compile as Rust); a change of meaning is not.
        let Ok(to_codex) = translate(&original, Convention::CodexJson) else { return Ok(()); };
        let written = matcher_string(&to_codex.matcher).map_err(TestCaseError::fail)?;
        let read = parse_matcher(written.as_deref())
            .map_err(|e| TestCaseError::fail(format!("{written:?}: {}", e.message)))?;
        same_meaning(&original, &read, &names).map_err(TestCaseError::fail)?;
        let back = translate(&read, Convention::Jarvis)
            .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        same_meaning(&original, &back.matcher, &names).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn exact_names_keep_their_meaning_through_jarvis_and_codex(
        names in proptest::collection::vec("[A-Za-z0-9_-]{1,8}", 1..4),
        extra in proptest::collection::vec("[A-Za-z0-9_-]{0,8}", 0..6),
    ) {
        let original = Matcher::Exact { names: names.clone() };
        let mut all = samples(&extra);
        all.extend(names.iter().cloned());
        all.extend(names.iter().map(|n| format!("{n}x")));
        let jarvis = translate(&original, Convention::Jarvis).unwrap().matcher;
        same_meaning(&original, &jarvis, &all).map_err(TestCaseError::fail)?;
        let codex = translate(&jarvis, Convention::CodexJson).unwrap().matcher;
        let written = matcher_string(&codex).map_err(TestCaseError::fail)?;
        let read = parse_matcher(written.as_deref()).unwrap();
        same_meaning(&original, &read, &all).map_err(TestCaseError::fail)?;
    }
}
