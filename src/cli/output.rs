//! Where the commands write, so that no output destroys an input: an output is never a file
//! the command reads nor another output of the same run, a file is replaced only as a whole
//! (written beside it, then renamed over it, with its permissions), and an output that grows
//! while the command runs (self-play records) starts only on a new file unless `--force`.

use std::fs::{File, OpenOptions};
use std::io::Write;
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

/// Replaces (or makes) `path` with `bytes` as a whole: written to a new file beside it, then
/// renamed over it, so a failed or interrupted write leaves the old file. A symbolic link is
/// followed (its target is replaced, the link kept), an existing file keeps its permissions,
/// and a file with other hard links is rewritten in place instead (a rename would part it
/// from them).
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = match std::fs::read_link(path) {
        Ok(_) => path.canonicalize()?,
        Err(_) => path.to_path_buf(),
    };
    let existing = std::fs::metadata(&target).ok();
    if let Some(meta) = &existing {
        if !meta.is_file() {
            return Err(std::io::Error::other("not a regular file"));
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if meta.nlink() > 1 {
                let mut file = OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(&target)?;
                file.write_all(bytes)?;
                return file.sync_all();
            }
        }
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (tmp_path, mut tmp) = new_file_beside(&dir, &name)?;
    let written = (|| {
        tmp.write_all(bytes)?;
        if let Some(meta) = &existing {
            tmp.set_permissions(meta.permissions())?;
        }
        tmp.sync_all()?;
        drop(tmp);
        std::fs::rename(&tmp_path, &target)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp_path);
    }
    written
}

/// A new file `.NAME.hexv-PID-N.tmp` in `dir`, created exclusively (never one that exists).
fn new_file_beside(dir: &Path, name: &str) -> std::io::Result<(PathBuf, File)> {
    let mut last = None;
    for n in 0..100 {
        let path = dir.join(format!(".{name}.hexv-{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
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
