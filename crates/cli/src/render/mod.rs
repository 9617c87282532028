//! One small renderer per output format. Diagnostics are data; these only format them.

pub mod doctor;
pub mod fixable;
pub mod github;
pub mod human;
pub mod json;
pub mod sarif;

#[cfg(test)]
pub(crate) mod test_batch;
