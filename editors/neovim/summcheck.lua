-- summcheck's language server for Markdown summaries and their claims files.
-- Neovim 0.11 and later: put this file in ~/.config/nvim/lsp/ (or copy its table into
-- vim.lsp.config) and enable it from init.lua with  vim.lsp.enable("summcheck").
return {
  cmd = { "summcheck", "server" },
  filetypes = { "markdown", "json", "jsonl", "yaml" },
  root_markers = { "summcheck.toml", ".git" },
}
