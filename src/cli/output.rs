//! Where the commands write, so that no output destroys an input: an output is never a file
//! the command reads nor another output of the same run, a file is replaced only as a whole
//! (written beside it, then renamed over it, with its permissions), and an output that grows
//! while the command runs (self-play records) starts only on a new file unless `--force`.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// True when both paths name one file: the same device and inode when both exist, else the
/// same path once made absolute (`a/../b` and `b` alike).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (absolute(a), absolute(b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// The path made absolute, its existing parent resolved (symbolic links followed).
fn absolute(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let name = path.file_name()?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.canonicalize().ok()?,
        _ => std::env::current_dir().ok()?,
    };
    Some(parent.join(name))
}

/// Refuses outputs that are one of the inputs or one another, naming the options: `outputs`
/// and `inputs` are (option or role, path) pairs.
pub fn refuse_clashes(outputs: &[(&str, &Path)], inputs: &[(&str, &Path)]) -> Result<(), String> {
    for (i, (option, out)) in outputs.iter().enumerate() {
        if let Some((role, _)) = inputs.iter().find(|(_, input)| same_file(out, input)) {
            return Err(format!(
                "{option} `{}` is the {role}: it would be overwritten; write elsewhere",
                out.display()
            ));
        }
        if let Some((other, _)) = outputs[..i].iter().find(|(_, o)| same_file(out, o)) {
            return Err(format!(
                "{other} and {option} name one file, `{}`: give each its own",
                out.display()
            ));
        }
    }
    Ok(())
}

/// [`refuse_clashes`] as the commands call it, with inputs that may be absent: false, the
/// reason printed, when an output may not be written.
pub fn outputs_allowed(outputs: &[(&str, &Path)], inputs: &[(&str, Option<&Path>)]) -> bool {
    let inputs: Vec<(&str, &Path)> = inputs
        .iter()
        .filter_map(|&(role, p)| p.map(|p| (role, p)))
        .collect();
    match refuse_clashes(outputs, &inputs) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("error: {e}");
            false
        }
    }
}

/// Replaces (or makes) `path` with `bytes` as a whole, as [`Replacement`] does.
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut replacement = Replacement::new(path)?;
    replacement.write_all(bytes)?;
    replacement.finish()
}

/// A file replaced (or made) as a whole by text written as it comes: the text goes to a new
/// file beside it, renamed over it by [`Replacement::finish`], so a failed or interrupted run
/// leaves the old file (dropped unfinished, the new file is removed). A symbolic link is
/// followed (its target is replaced, the link kept), an existing file keeps its permissions,
/// and a file with other hard links is rewritten in place at the end instead (a rename would
/// part it from them).
pub struct Replacement {
    /// The new text, buffered; `None` once finished.
    out: Option<BufWriter<File>>,
    /// The new file; `None` once renamed into place.
    spool: Option<PathBuf>,
    /// The file replaced (a symbolic link's target).
    target: PathBuf,
    /// The file's metadata when it exists.
    existing: Option<std::fs::Metadata>,
}

impl Replacement {
    /// Begins replacing `path`: refused when it is there but not a regular file, or when no
    /// file can be made beside it.
    pub fn new(path: &Path) -> std::io::Result<Replacement> {
        let target = match std::fs::read_link(path) {
            Ok(_) => path.canonicalize()?,
            Err(_) => path.to_path_buf(),
        };
        let existing = std::fs::metadata(&target).ok();
        if existing.as_ref().is_some_and(|meta| !meta.is_file()) {
            return Err(std::io::Error::other("not a regular file"));
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let beside = new_file_beside(&dir, &name);
        // Rewritten in place, the new text may wait anywhere: where the directory is closed.
        let (spool, file) = match beside {
            Err(_) if existing.as_ref().is_some_and(hard_linked) => {
                new_file_beside(&std::env::temp_dir(), &name)?
            }
            other => other?,
        };
        Ok(Replacement {
            out: Some(BufWriter::new(file)),
            spool: Some(spool),
            target,
            existing,
        })
    }

    /// Puts the text written in place of the file.
    pub fn finish(mut self) -> std::io::Result<()> {
        let out = self
            .out
            .take()
            .ok_or_else(|| std::io::Error::other("finished"))?;
        let mut file = out.into_inner().map_err(|e| e.into_error())?;
        let spool = self.spool.clone().unwrap_or_default();
        match &self.existing {
            Some(meta) if hard_linked(meta) => {
                file.seek(SeekFrom::Start(0))?;
                let mut target = OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(&self.target)?;
                std::io::copy(&mut file, &mut target)?;
                target.sync_all()
            }
            existing => {
                if let Some(meta) = existing {
                    file.set_permissions(meta.permissions())?;
                }
                file.sync_all()?;
                drop(file);
                std::fs::rename(&spool, &self.target)?;
                self.spool = None;
                Ok(())
            }
        }
    }
}

impl Write for Replacement {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.out {
            Some(out) => out.write(buf),
            None => Err(std::io::Error::other("finished")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.out {
            Some(out) => out.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if let Some(spool) = self.spool.take() {
            let _ = std::fs::remove_file(spool);
        }
    }
}

/// True for a file with other hard links, rewritten in place rather than renamed over.
fn hard_linked(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink() > 1
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// A new file `.NAME.hexv-PID-N.tmp` in `dir`, created exclusively (never one that exists).
fn new_file_beside(dir: &Path, name: &str) -> std::io::Result<(PathBuf, File)> {
    let mut last = None;
    for n in 0..100 {
        let path = dir.join(format!(".{name}.hexv-{}-{n}.tmp", std::process::id()));
        match OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary file")))
}

/// A new file for an output that grows as the command runs; an existing regular file that is
/// not empty is refused unless `force` (then it is emptied), so records are never lost
/// without a word. A device or a pipe (`/dev/stdout`) is written as it is.
pub fn create_growing(path: &Path, force: bool) -> Result<File, String> {
    let mut options = OpenOptions::new();
    options.write(true);
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {}
        Ok(meta) if meta.len() == 0 || force => {
            options.truncate(true);
        }
        Ok(_) => {
            options.create_new(true);
        }
        Err(_) => {
            options.create(true).truncate(true);
        }
    }
    options.open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            format!(
                "`{}` exists: give a new file, or --force to replace it",
                path.display()
            )
        } else {
            format!("cannot write `{}`: {e}", path.display())
        }
    })
}
