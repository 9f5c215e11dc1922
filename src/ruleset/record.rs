//! The ruleset a record names on its comment line `# ruleset: …`, written and read:
//!
//! - `# ruleset: NAME`: a built-in ruleset (as kado has always written it);
//! - `# ruleset: NAME = BASE, ID: CHOICE, KEY: N, …`: a house ruleset written out, named
//!   NAME, as the built-in BASE with every ruling and value that differs from it (the
//!   shape of a save's ruleset), so that a record keeps its rules without the house file;
//! - `# ruleset: FILE` (a name ending in `.yaml`/`.yml` or holding a `/`): a house-rules
//!   file, which the caller reads (the CLI: beside the record).

use std::ops::Range;

use super::{Ruleset, builtin_names};
use crate::diag::{Code, Error, Problem, Source, did_you_mean};
use crate::session::RulesetRecord;

/// The comment line naming `rs` in a record, without its newline: `None` for a built-in
/// ruleset as it is built in (records name those on lines of their own, or not at all).
pub fn record_comment(rs: &Ruleset) -> Result<Option<String>, Error> {
    let rec = RulesetRecord::of(rs)?;
    if builtin_names().any(|n| n == rs.name)
        && RulesetRecord::of(&Ruleset::builtin(&rs.name)?)? == rec
    {
        return Ok(None);
    }
    let name: String = rec
        .name
        .chars()
        .map(|c| if c.is_control() || c == '#' { ' ' } else { c })
        .collect();
    let mut parts = vec![rec.base.clone()];
    parts.extend(rec.rulings.iter().map(|(id, c)| format!("{id}: {c}")));
    parts.extend(rec.values.iter().map(|(k, v)| format!("{k}: {v}")));
    Ok(Some(format!(
        "# ruleset: {} = {}",
        name.trim(),
        parts.join(", ")
    )))
}

/// A record as kado writes it under `rs`: under a house ruleset, each `# ruleset:` line
/// says it written out, or, when the record has none, a first line does; under a
/// built-in ruleset other than the game's own, a first line names it when none does.
pub fn with_record_comment(record: &str, rs: &Ruleset) -> Result<String, Error> {
    let line = match record_comment(rs)? {
        Some(line) => line,
        None if rs.name != rs.game => format!("# ruleset: {}", rs.name),
        None => return Ok(record.to_string()),
    };
    let mut found = false;
    let mut out = String::with_capacity(record.len() + line.len() + 1);
    for l in record.split_inclusive('\n') {
        if l.trim_start().starts_with("# ruleset:") {
            found = true;
            out += &line;
            out.push('\n');
        } else {
            out += l;
        }
    }
    Ok(if found { out } else { format!("{line}\n{out}") })
}

/// Where a record's `# ruleset:` line puts its text: the offset just after `ruleset:`.
fn ruleset_line(src: &Source) -> Option<(usize, &str)> {
    let mut offset = 0;
    for line in src.text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let Some(hash) = line.find('#') else { continue };
        let after = &line[hash + 1..];
        let Some(rest) = after.trim_start().strip_prefix("ruleset:") else {
            continue;
        };
        let at = start + hash + 1 + (after.len() - rest.len());
        return Some((at, rest.trim_end_matches(['\n', '\r'])));
    }
    None
}

/// A name on a `# ruleset:` line that names a house-rules file.
fn names_a_file(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml") || name.contains('/')
}

/// The ruleset a record of `game` (called `title`) names on its comment line `# ruleset:
/// …` (see the module), if it names one: `None` when no line does. A house-rules file it
/// names is read by `read_file` (its text, or why not). Anything wrong is a problem at
/// its place in the record.
pub fn of_record(
    src: &Source,
    game: &str,
    title: &str,
    read_file: &dyn Fn(&str) -> Result<String, Error>,
) -> Option<Result<Ruleset, Error>> {
    let (at, rest) = ruleset_line(src)?;
    let coded = |p: Problem| Error::from(p).coded(Code::Ruleset);
    if let Some((name, written)) = rest.rsplit_once(" = ") {
        let from = at + name.len() + 3;
        return Some(written_out(src, from, name.trim(), written, game, title));
    }
    let name = rest.split_whitespace().next().unwrap_or("");
    let at = at + rest.find(name).unwrap_or(0);
    let span = at..at + name.len().max(1);
    Some(if builtin_names().any(|n| n == name) {
        Ruleset::builtin(name)
            .and_then(|rs| rs.expect_game(game, title))
            .map_err(|e| {
                let code = e.kind_or(Code::Ruleset);
                coded(
                    Problem::new(e.summary())
                        .code(code)
                        .at(src, span)
                        .help(format!(
                            "name a ruleset of {title}, or give one with --rules"
                        )),
                )
            })
    } else if names_a_file(name) {
        house_file(src, span, name, game, title, read_file)
    } else {
        let mut p = Problem::new(format!(
            "the record names the ruleset `{name}`, which is not built in"
        ))
        .at(src, span)
        .expected(format!(
            "one of: {}, a house-rules file (NAME.yaml), or a ruleset written out (NAME = BASE, RULING: CHOICE, …)",
            builtin_names().collect::<Vec<_>>().join(", ")
        ))
        .help("give its house-rules file with --rules FILE");
        if let Some(near) = did_you_mean(name, builtin_names()) {
            p = p.help(format!(
                "did you mean `{near}`? (or give its house-rules file with --rules FILE)"
            ));
        }
        Err(coded(p))
    })
}

/// The house-rules file a record names, read and checked to be for `game`. A file that
/// does not read as house rules is its own error, at its place in the file.
fn house_file(
    src: &Source,
    span: Range<usize>,
    name: &str,
    game: &str,
    title: &str,
    read_file: &dyn Fn(&str) -> Result<String, Error>,
) -> Result<Ruleset, Error> {
    let at_name = |p: Problem| Error::from(p.at(src, span.clone())).coded(Code::Ruleset);
    let text = read_file(name).map_err(|why| {
        at_name(
            Problem::new(format!(
                "the house-rules file `{name}` the record names cannot be read ({})",
                why.summary()
            ))
            .code(why.kind_or(Code::Ruleset))
            .help("put the file where the record says (a relative name is read beside the record), or give the rules with --rules FILE"),
        )
    })?;
    Ruleset::from_house_text(name, &text)?
        .expect_game(game, title)
        .map_err(|e| {
            at_name(
                Problem::new(format!("the house-rules file `{name}`: {}", e.summary()))
                    .code(e.kind_or(Code::Ruleset))
                    .help(format!(
                        "name a house-rules file of {title}, or give one with --rules"
                    )),
            )
        })
}

/// A ruleset written out on a record's line (`BASE, ID: CHOICE, …` from offset `from`),
/// named `name`. Each ruling and value is checked at its place.
fn written_out(
    src: &Source,
    from: usize,
    name: &str,
    written: &str,
    game: &str,
    title: &str,
) -> Result<Ruleset, Error> {
    let err = |p: Problem| Error::from(p).coded(Code::Ruleset);
    let mut items = Vec::new();
    let mut offset = from;
    for part in written.split(',') {
        let lead = part.len() - part.trim_start().len();
        let text = part.trim();
        items.push((offset + lead..offset + lead + text.len().max(1), text));
        offset += part.len() + 1;
    }
    let Some(((base_at, base), settings)) = items.split_first() else {
        return Err(err(
            Problem::new("the ruleset written out names no base").at(src, from..from + 1)
        ));
    };
    let base_rs = Ruleset::builtin(base)
        .and_then(|rs| rs.expect_game(game, title))
        .map_err(|e| {
            err(Problem::new(e.summary())
                .at(src, base_at.clone())
                .help(format!(
                    "write out a ruleset of {title} over one of its built-in rulesets"
                )))
        })?;
    let mut rec = RulesetRecord {
        base: base.to_string(),
        name: name.to_string(),
        rulings: Default::default(),
        values: Default::default(),
    };
    let mut scratch = base_rs.clone();
    for (span, item) in settings {
        let bad = |why: String| {
            err(Problem::new(why)
                .at(src, span.clone())
                .expected("RULING: CHOICE or VALUE: NUMBER, e.g. `teshi: redeal`"))
        };
        let Some((id, choice)) = item.split_once(':') else {
            return Err(bad(format!("`{item}` is no ruling or value")));
        };
        let (id, choice) = (id.trim(), choice.trim());
        if scratch.ruling(id).is_some() || scratch.retired(id).is_some() {
            scratch = scratch
                .with_named(id, choice)
                .map_err(|e| bad(e.summary()))?;
            rec.rulings.insert(id.to_string(), choice.to_string());
        } else if let Ok(v) = choice.parse::<i64>() {
            scratch
                .check_value(id, v)
                .map_err(|e| bad(e.into_problem().message))?;
            rec.values.insert(id.to_string(), v);
        } else {
            return Err(bad(format!("`{id}` is no ruling of ruleset {base}")));
        }
    }
    rec.ruleset()
        .map_err(|e| err(Problem::new(e.summary()).at(src, from..from + written.len().max(1))))
}
