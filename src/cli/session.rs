//! Running a session at the table: ask, check, record, save; undo and resume.
//!
//! The log is written after every action, atomically (a temporary file in the same
//! folder, then a rename), so killing kado at any prompt loses at most the answer being
//! typed.

use std::path::{Path, PathBuf};

use kado::diag::Error;
use kado::render::Style;
use kado::session::{By, Entry, Log, Session, Step, replay};

use super::prompt::{Prompter, Reply};
use super::{Failure, Outcome, read_file};

/// Writes `text` to `path` atomically.
pub fn save_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

fn save<G: Session>(path: &Path, log: &Log<G::Setup, G::Action>) -> Outcome {
    let text = log.to_yaml()?;
    save_atomic(path, &text)
        .map_err(|e| Failure::Internal(format!("cannot save the game to {}: {e}", path.display())))
}

/// Reads a saved session.
pub fn load<G: Session>(path: &str) -> Result<Log<G::Setup, G::Action>, Error> {
    let text = read_file(path, "saved game")?;
    Log::from_yaml(path, &text, G::GAME)
}

/// Reads a saved session to resume it. A game keeps the rules it started with, so a
/// `--rules` that differs from them is refused.
pub fn load_for_resume<G: Session>(
    ctx: &super::Ctx,
    path: &Path,
    title: &str,
) -> Result<Log<G::Setup, G::Action>, Error> {
    let log = load::<G>(&path.to_string_lossy())?;
    if ctx.rules.is_some() {
        let rs = ctx.ruleset(G::GAME, title)?;
        if kado::session::RulesetRecord::of(&rs)? != log.ruleset {
            return Err(kado::diag::Problem::new(format!(
                "{} is a game under the {} rules, not {}",
                path.display(),
                log.ruleset.name,
                rs.name
            ))
            .help("a game keeps the rules it started with; resume it without --rules")
            .into());
        }
    }
    Ok(log)
}

/// A fresh save-file name when none was given: `kinkado-1.yaml`, `kinkado-2.yaml`, …
pub fn default_path(game: &str) -> PathBuf {
    (1..)
        .map(|i| PathBuf::from(format!("{game}-{i}.yaml")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| PathBuf::from(format!("{game}.yaml")))
}

/// Runs a session to its end or until the input ends, saving after every action.
pub fn run<G: Session>(
    path: &Path,
    mut log: Log<G::Setup, G::Action>,
    prompter: &mut dyn Prompter,
    style: Style,
) -> Outcome {
    let mut game: G = replay(&log)?;
    save::<G>(path, &log)?;
    let resume_hint = format!(
        "The game is saved in {}; continue it with `kado {} resume {}`.\n",
        path.display(),
        G::GAME,
        path.display()
    );
    // The table is shown before a new game's first question, whenever the game moves to
    // a new phase, and at the end.
    let mut shown_key = game.phase_key();
    let mut fresh = log.actions.is_empty();
    loop {
        let changed = game.phase_key() != shown_key;
        if changed {
            shown_key = game.phase_key();
            prompter.say(&game.show(style));
        }
        match game.next() {
            Step::Done => {
                if !changed {
                    prompter.say(&game.show(style));
                }
                return Ok(());
            }
            Step::Auto(action) => {
                let mut next = game.clone();
                let said = next.apply(&action).map_err(|why| {
                    Failure::Internal(format!("kado's own move does not apply: {why}"))
                })?;
                game = next;
                log.actions.push(Entry {
                    by: By::Kado,
                    action,
                });
                fresh = false;
                save::<G>(path, &log)?;
                for s in said {
                    prompter.say(&format!("{s}\n"));
                }
            }
            Step::Ask(q) => {
                if std::mem::take(&mut fresh) && !changed {
                    prompter.say(&game.show(style));
                }
                let check = |text: &str| -> Result<(), String> {
                    let action = game.answer(&q, text)?;
                    apply_to_copy(&game, &action).map(|_| ())
                };
                match prompter.ask_checked(&q.prompt, &check) {
                    Reply::End | Reply::Quit => {
                        prompter.say(&resume_hint);
                        return Ok(());
                    }
                    Reply::Help => prompter.say(&format!(
                        "{}\nAt any prompt: undo (take back the last answer), show, help, quit.\n",
                        q.hint
                    )),
                    Reply::Show => prompter.say(&game.show(style)),
                    Reply::Undo => {
                        if log.undo() {
                            game = replay(&log)?;
                            save::<G>(path, &log)?;
                            prompter.say("Undone.\n");
                            prompter.say(&game.show(style));
                            shown_key = game.phase_key();
                        } else {
                            prompter.refuse("nothing to undo");
                        }
                    }
                    Reply::Answer(text) => match game.answer(&q, &text) {
                        Err(why) => prompter.refuse(&why),
                        Ok(action) => match apply_to_copy(&game, &action) {
                            Err(why) => prompter.refuse(&why),
                            Ok((next, said)) => {
                                game = next;
                                log.actions.push(Entry {
                                    by: By::Table,
                                    action,
                                });
                                save::<G>(path, &log)?;
                                for s in said {
                                    prompter.say(&format!("{s}\n"));
                                }
                            }
                        },
                    },
                }
            }
        }
    }
}

/// Applies an action to a copy, so a refused action leaves the state untouched.
fn apply_to_copy<G: Session>(game: &G, action: &G::Action) -> Result<(G, Vec<String>), String> {
    let mut next = game.clone();
    let said = next.apply(action)?;
    Ok((next, said))
}

/// Runs a session from the command line: with `--json` the transcript goes to stderr
/// and the final state (the game's summary and the save file) to stdout.
pub fn play<G: Session>(ctx: &super::Ctx, path: &Path, log: Log<G::Setup, G::Action>) -> Outcome {
    play_explained::<G>(ctx, path, log, &kado::explain::Explain::new())
}

/// [`play`], with the rules the session follows for `--explain`: after the session
/// (human form) or as the summary's `explain` key (`--json`).
pub fn play_explained<G: Session>(
    ctx: &super::Ctx,
    path: &Path,
    log: Log<G::Setup, G::Action>,
    explain: &kado::explain::Explain,
) -> Outcome {
    play_then_explain::<G>(ctx, path, log, |_| explain.clone())
}

/// [`play_explained`], with an explanation that depends on how the session went: `explain`
/// gets the state when the session stops (read back from the saved log).
pub fn play_then_explain<G: Session>(
    ctx: &super::Ctx,
    path: &Path,
    log: Log<G::Setup, G::Action>,
    explain: impl FnOnce(&G) -> kado::explain::Explain,
) -> Outcome {
    if !ctx.json {
        run::<G>(path, log, &mut *super::prompt::for_stdin(), ctx.style)?;
        if ctx.explain {
            let game: G = replay(&load::<G>(&path.to_string_lossy())?)?;
            let x = explain(&game);
            if !x.is_empty() {
                let mut out = std::io::stdout().lock();
                super::write_out(&mut out, &format!("\n{}", x.render()))?;
            }
        }
        return Ok(());
    }
    run::<G>(path, log, &mut *super::prompt::for_stdin_json(), ctx.style)?;
    let log = load::<G>(&path.to_string_lossy())?;
    let game: G = replay(&log)?;
    let mut v = game.summary();
    if let serde_json::Value::Object(m) = &mut v {
        m.insert("save".into(), path.display().to_string().into());
    }
    ctx.emit(&v, "", &explain(&game))
}
