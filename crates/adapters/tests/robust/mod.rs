//! The oracle and the generators shared by the generated-document tests and `fuzz/`.
pub mod check;
pub mod gen;
pub mod tree;
