// Starts `hexv lsp` for .hexv files (the setting `hexv.path` names the program).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("hexv").get("path", "hexv");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "hexv",
    "hexv",
    { run: server, debug: server },
    { documentSelector: [{ language: "hexv" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
