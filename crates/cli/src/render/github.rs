//! GitHub Actions workflow commands, one line per diagnostic:
//! `::error file=F,line=L,col=C,title=CODE::MESSAGE` (`::warning`, `::notice` for infos).
//! GitHub shows each as an annotation on the file and line in the pull request.
//!
//! Escaping follows the Actions runner (`toolkit/packages/core/src/command.ts`): in the message
//! `%`, `\r` and `\n` become `%25`, `%0D` and `%0A`; in a property value `:` and `,` are also
//! escaped (`%3A`, `%2C`), because they separate properties.

use hook_ir::{Batch, Diagnostic, Severity};

/// Escapes a message (the part after `::`).
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value (`file=`, `title=`, ...).
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn command(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    }
}

fn line(d: &Diagnostic) -> String {
    let mut props = Vec::new();
    // An environment variable is not a file: the annotation goes to the run's summary instead,
    // and its name stays in the message.
    let loc = d.location.as_ref();
    if let Some(l) = loc.filter(|l| !l.is_env()) {
        props.push(format!("file={}", escape_property(&l.path)));
        if let Some(n) = l.line {
            props.push(format!("line={n}"));
        }
        if let Some(c) = l.column {
            props.push(format!("col={c}"));
        }
    }
    props.push(format!("title={}", escape_property(d.code.as_str())));
    let mut message = d.message.clone();
    if let Some(l) = loc.filter(|l| l.is_env()) {
        message = format!("{}: {message}", l.path);
    }
    if let Some(h) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(h);
    }
    format!(
        "::{} {}::{}",
        command(d.severity()),
        props.join(","),
        escape_data(&message)
    )
}

/// Renders every diagnostic as one workflow command line.
pub fn render(batch: &Batch) -> String {
    let mut out = String::new();
    for d in &batch.diagnostics {
        out.push_str(&line(d));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_batch::demo;

    #[test]
    fn snapshot_of_every_severity_and_location_kind() {
        insta::assert_snapshot!(render(&demo()));
    }

    #[test]
    fn escapes_as_the_actions_runner_does() {
        assert_eq!(escape_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    #[test]
    fn every_line_is_one_line() {
        for l in render(&demo()).lines() {
            assert!(l.starts_with("::"), "{l}");
        }
        assert_eq!(render(&demo()).lines().count(), demo().diagnostics.len());
    }

    proptest::proptest! {
        /// One diagnostic is one workflow command line, whatever its text.
        #[test]
        fn any_diagnostic_is_one_line(path in "\\PC{0,20}", message in ".{0,40}|\\PC*\n\r\\PC*") {
            let d = hook_ir::Diagnostic::new(hook_ir::Code::ParseError, message)
                .at(hook_ir::Location::path_only(path))
                .with_help("a\nb");
            let out = render(&Batch { hooks: vec![], diagnostics: vec![d] });
            proptest::prop_assert_eq!(out.matches('\n').count(), 1);
            proptest::prop_assert!(out.starts_with("::error "));
            proptest::prop_assert!(!out.trim_end_matches('\n').contains('\r'));
        }
    }
}
