//! Migration between hook conventions, as `hooks import` does it: [`convert`] turns hooks read
//! from one convention into hooks shaped for another (IR → IR, everything that changes said with
//! a diagnostic), [`placement`] decides where each scope's hooks go in the target, and
//! [`census`] counts the entries a reader set aside. The writers that render the converted hooks
//! into files are each convention's own (`adapters::plan_write`).

pub mod census;
pub mod convert;
pub mod placement;
