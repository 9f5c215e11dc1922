//! `kado rules …`: the built-in rulesets and house-rules files.

use clap::Subcommand;

use kado::explain::Explain;
use kado::ruleset::report;
use kado::view::Grid;
use kado_screen::grid;

use crate::ctx::{Ctx, Outcome, load_ruleset};

#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// List every built-in ruleset.
    List,
    /// Show a ruleset's rulings as a table, the choice in force marked, then its values
    /// with the range each may take.
    ///
    /// A ruling the game no longer has but still reads (a retired ruling) is named under
    /// the table, with the rulings each of its choices is read as.
    Show {
        /// A built-in ruleset name or a house-rules file.
        #[arg(value_name = "NAME|FILE")]
        ruleset: String,
    },
    /// Check a house-rules file and say what it changes.
    ///
    /// Every ruling it sets must name one of the ruling's choices, and every value must be
    /// a whole number inside the value's range (see `kado rules show BASE`). A retired
    /// ruling is read as the rulings that took its place (a ruling of today set beside it
    /// wins), and the changes list those.
    Check {
        /// The house-rules YAML file.
        file: String,
    },
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    match cmd {
        Cmd::List => list(ctx),
        Cmd::Show { ruleset } => show(ctx, &ruleset),
        Cmd::Check { file } => check(ctx, &file),
    }
}

fn list(ctx: &Ctx) -> Outcome {
    let listing = report::list()?;
    let mut t = Grid::new(["Ruleset", "Game", "Based on", "Summary"]);
    for e in &listing.rulesets {
        t.row([
            e.name.as_str(),
            e.title.as_str(),
            e.base.as_deref().unwrap_or("—"),
            e.summary.as_str(),
        ]);
    }
    ctx.emit(&listing, &grid::draw(&t), &Explain::new())
}

fn show(ctx: &Ctx, arg: &str) -> Outcome {
    let rs = load_ruleset(arg)?;
    let mut human = format!(
        "{} — {} ({})\n{}\n",
        rs.name,
        rs.title,
        rs.lineage.join(" → "),
        rs.summary
    );
    let mut t = Grid::new([
        "Ruling",
        "Question",
        "Choices (● in force)",
        "Why the default",
    ]);
    for r in &rs.rulings {
        let choices: Vec<String> = r
            .alternatives
            .iter()
            .map(|a| {
                let mark = if a.id == r.choice { "●" } else { "○" };
                let dflt = if a.id == r.default { " (default)" } else { "" };
                format!("{mark} {}{dflt}: {}", a.id, a.means)
            })
            .collect();
        t.row([
            r.id.clone(),
            r.question.clone(),
            choices.join("\n"),
            r.why.clone(),
        ]);
    }
    human += &grid::draw(&t);
    for old in &rs.retired {
        let read: Vec<String> = old
            .read_as
            .iter()
            .map(|(choice, set)| {
                let to: Vec<String> = set.iter().map(|(id, c)| format!("{id}: {c}")).collect();
                format!("{choice} as {}", to.join(", "))
            })
            .collect();
        human += &format!(
            "Retired ruling {}, still read ({}): {}\n",
            old.id,
            read.join("; "),
            old.why
        );
    }
    if !rs.values.is_empty() {
        let mut v = Grid::new(["Value", "Setting", "Range"]);
        for (k, val) in &rs.values {
            let range = rs.ranges.get(k).map_or("—".to_string(), |r| r.to_string());
            v.row([k.clone(), val.to_string(), range]);
        }
        human += &grid::draw(&v);
    }
    for n in &rs.notes {
        human += &format!("Note: {n}\n");
    }
    ctx.emit(&rs, &human, &Explain::new())
}

fn check(ctx: &Ctx, file: &str) -> Outcome {
    let text = crate::limits::read_file(file, "house-rules file", crate::limits::FILE_LIMIT)?;
    let v = report::check_house(file, &text)?;
    let mut human = format!(
        "{file}: valid house rules for {} (base {})\n",
        v.title, v.base
    );
    if v.changes.is_empty() {
        human += "It changes nothing.\n";
    } else {
        let mut t = Grid::new(["Changes", "From", "To"]);
        for c in &v.changes {
            t.row([format!("{} {}", c.kind, c.id), c.from.clone(), c.to.clone()]);
        }
        human += &grid::draw(&t);
    }
    ctx.emit(&v, &human, &Explain::new())
}
