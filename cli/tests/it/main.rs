//! The integration tests: one test program, a module per subject, so that the crate and
//! the shared helpers (`common`) are linked once. Run one subject with
//! `cargo test --test it kinga::` (a module path filters the tests by name).

mod browser;
mod codes;
mod common;
mod deciding;
mod errors;
mod foundation;
mod fuzz;
mod history;
mod imports;
mod input;
mod kill_anywhere;
mod kinga;
mod kinga_record;
mod kingmaker;
mod kingmaker_advise;
mod kingmaker_year;
mod kinkado;
mod kinkado_advise;
mod kinkado_play;
mod kinkado_record;
mod kinkado_stats;
mod koikoi;
mod koikoi_advise;
mod koikoi_record;
mod limits;
mod names;
mod pokino;
mod pokino_advise;
mod pokino_props;
mod pokino_record;
mod privacy;
mod properties;
mod readme;
mod reasons;
mod record_rules;
mod rules;
mod ruling_ids;
mod serve;
mod sessions;
mod view;
