//! The `kado` binary, the command line: clap definitions (the one source of truth for help,
//! man pages and completions), dispatch, and printing. Rules logic lives in the library.

mod args;
mod ctx;
mod fullscreen;
mod games_out;
mod generate;

mod history_cmd;
mod kinga;
mod kingmaker;
mod kinkado;
mod koikoi;
mod limits;
mod long_run;
mod pokino;
mod prompt;
mod rules;
mod serve;
mod session;
mod usage;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use kado::diag::{Code, Error, Problem};
use kado::render::Style;

use args::{Cli, Command};
use ctx::{Ctx, Failure, Outcome};

/// Colour only for a terminal, and never when NO_COLOR is set.
fn style_for_stdout() -> Style {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    kado_screen::ansi::style(!no_color && std::io::stdout().is_terminal())
}

fn main() -> ExitCode {
    let usage = |mut e: clap::Error| {
        // `--help` and `--version` print plain text and succeed, even under `--json`.
        if !e.use_stderr() {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        if usage::json_requested(args.iter().cloned()) {
            report_to_stderr(true, &usage::from_clap(&e, &args));
            return ExitCode::from(2);
        }
        limits::shorten_usage(&mut e, &Cli::command(), &args);
        let _ = e.print();
        ExitCode::from(2)
    };
    let matches = match Cli::command().try_get_matches() {
        Ok(m) => m,
        Err(e) => return usage(e),
    };
    // Arguments over the limit are refused before anything is parsed.
    if let Err(e) = limits::check_args(&Cli::command(), &matches) {
        let json = matches!(matches.try_get_one::<bool>("json"), Ok(Some(true)));
        report_to_stderr(json, &e);
        return ExitCode::from(2);
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return usage(e),
    };
    kado_store::history::configure(cli.history.clone(), cli.no_history);
    let ctx = Ctx {
        json: cli.json,
        explain: cli.explain,
        rules: cli.rules.clone(),
        style: style_for_stdout(),
        plain: cli.plain,
        serve: (cli.serve || cli.lan.is_some() || cli.qr.is_some()).then(|| serve::Options {
            lan: cli.lan.clone(),
            qr: cli.qr.clone(),
        }),
    };
    let result = match cli.command {
        _ if ctx.json && ctx.serve.is_some() => Err(Error::from(
            Problem::new("--serve and --json do not go together")
                .help("--serve draws the game on pages as it goes; --json prints its state once it stops: leave one out"),
        )
        .coded(Code::Usage)
        .into()),
        Command::Kinkado(cmd) => kinkado::run(cmd, &ctx),
        Command::Kingmaker(cmd) => kingmaker::run(cmd, &ctx),
        Command::Koikoi(cmd) => koikoi::run(cmd, &ctx),
        Command::Kinga(cmd) => kinga::run(cmd, &ctx),
        Command::Pokino(cmd) => pokino::run(cmd, &ctx),
        Command::Serve { file } => serve_save(&file, &ctx),
        Command::Rules(cmd) => rules::run(cmd, &ctx),
        Command::History(args) => history_cmd::run_history(args, &ctx),
        Command::Stats(args) => history_cmd::run_stats(args, &ctx),
        Command::Completions { shell } => generate::completions(shell),
        Command::GenerateMan { dir } => generate::man_pages(&dir),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(e)) => {
            report(&ctx, &e);
            ExitCode::from(2)
        }
        Err(Failure::Internal(msg)) => {
            report(
                &ctx,
                &Error::msg(format!("internal failure: {msg}")).coded(Code::Internal),
            );
            ExitCode::from(1)
        }
    }
}

fn report(ctx: &Ctx, e: &Error) {
    report_to_stderr(ctx.json, e);
}

fn report_to_stderr(json: bool, e: &Error) {
    let mut err = std::io::stderr().lock();
    let text = if json {
        format!("{}\n", kado::diag::json_safe(e.to_json().to_string()))
    } else {
        e.render()
    };
    let _ = err.write_all(text.as_bytes());
}

/// `kado serve FILE`: the saved game's own `resume`, served to the phones.
fn serve_save(file: &std::path::Path, ctx: &Ctx) -> Outcome {
    let text = limits::read_file(&file.to_string_lossy(), "saved game", limits::SAVE_LIMIT)?;
    let mut ctx = ctx.clone();
    ctx.serve.get_or_insert_with(serve::Options::default);
    let a = session::args::ResumeArgs {
        file: file.to_path_buf(),
        record: None,
    };
    match kado::games::saved_game(&text).as_deref() {
        Some("kinkado") => kinkado::run(kinkado::Cmd::Resume(a), &ctx),
        Some("kinga") => kinga::run(kinga::Cmd::Resume(a), &ctx),
        Some("koikoi") => koikoi::run(koikoi::Cmd::Resume(a), &ctx),
        Some("pokino") => pokino::run(pokino::Cmd::Resume(a), &ctx),
        Some("kingmaker") => kingmaker::run(kingmaker::Cmd::Resume(a), &ctx),
        _ => Err(Error::from(
            Problem::new(format!("{} is not a saved game", file.display()))
                .help("serve a save written by `kado GAME play --save FILE`"),
        )
        .into()),
    }
}
