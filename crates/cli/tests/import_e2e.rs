//! `hooks import` through the real binary, for what works before the writers land: argument
//! checks, unsupported moves, an empty source. The lead extends these (dry run, conflict, force,
//! idempotent re-run, round trip) once the adapters' writers are merged.

mod common;
use common::Tree;

#[test]
fn unsupported_moves_and_bad_conventions_are_usage_errors() {
    let t = Tree::new();
    for (name, args) in [
        (
            "import_unsupported",
            vec!["import", "--from", "gjc", "--to", "jarvis"],
        ),
        (
            "import_same",
            vec!["import", "--from", "jcode", "--to", "jcode"],
        ),
        (
            "import_unknown_convention",
            vec!["import", "--from", "cursor", "--to", "jcode"],
        ),
        ("import_missing_to", vec!["import", "--from", "jcode"]),
        (
            "import_path_is_a_file",
            vec!["import", "--from", "jcode", "--to", "jarvis", "f.toml"],
        ),
    ] {
        if name == "import_path_is_a_file" {
            t.write("project/f.toml", "");
        }
        let r = t.run(&args);
        assert_eq!(r.code, 2, "{}", r.shown);
        insta::assert_snapshot!(name, r.shown);
    }
}

#[test]
fn an_empty_source_imports_nothing_and_writes_nothing() {
    let t = Tree::new();
    for format in ["human", "json"] {
        let r = t.run(&[
            "import",
            "--from",
            "codex-json",
            "--to",
            "jarvis",
            ".",
            "--home",
            "../home",
            "--format",
            format,
        ]);
        assert_eq!(r.code, 0, "{}", r.shown);
        insta::assert_snapshot!(format!("import_empty_{format}"), r.shown);
    }
    assert_eq!(std::fs::read_dir(t.project()).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(t.home()).unwrap().count(), 0);
}
