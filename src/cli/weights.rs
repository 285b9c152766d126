//! The `--weights` option of the commands that run the engine (`analyse`, `play`,
//! `selfplay`): the evaluation's weights from a file, the built-in formula's (`default`), or
//! by default the variant file's sibling `.weights` file when it exists.

use std::path::Path;

use hexv::game::Game;
use hexv::search::weights::file::choose;
use hexv::search::Weights;

use super::Status;

#[derive(clap::Args, Clone, Debug, Default)]
pub struct Choice {
    /// The evaluation's weights: a weights file, or `default` for the built-in formula
    /// (without it: the variant file's sibling NAME.weights when there is one).
    #[arg(long, value_name = "PATH|default")]
    weights: Option<String>,
}

impl Choice {
    /// The weights to play with (`None`: the built-in formula); a file that cannot be used
    /// is an error, printed, with the status to exit with.
    pub fn resolve(&self, variant: &Path, game: &Game) -> Result<Option<Weights>, Status> {
        choose(
            Some(variant),
            self.weights.as_deref(),
            game.variant,
            game.tables,
        )
        .map(|found| found.map(|(w, _)| w))
        .map_err(|e| {
            eprintln!("error: the weights cannot be used:\n{e}");
            Status::UsageOrIo
        })
    }
}
