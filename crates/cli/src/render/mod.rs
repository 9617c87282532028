//! One small renderer per output format. Diagnostics are data; these only format them.

pub mod json;
