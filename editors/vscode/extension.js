// Starts `summcheck server` for Markdown summaries and their claims files (JSON Lines, JSON,
// YAML): findings as you type, quick fixes, the source on hover, locators that jump to it.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("summcheck").get("command");
  client = new LanguageClient(
    "summcheck",
    "summcheck",
    { command, args },
    {
      documentSelector: [
        { scheme: "file", language: "markdown" },
        { scheme: "file", pattern: "**/*.{jsonl,ndjson,json,yaml,yml}" },
      ],
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
