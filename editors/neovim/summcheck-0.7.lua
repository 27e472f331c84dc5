-- The same for Neovim 0.7 to 0.10 (no vim.lsp.config): source it from init.lua.
local group = vim.api.nvim_create_augroup("summcheck", { clear = true })
vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = { "markdown", "json", "jsonl", "yaml" },
  callback = function(args)
    local root = vim.fs and vim.fs.dirname(vim.fs.find({ "summcheck.toml", ".git" },
      { upward = true, path = vim.api.nvim_buf_get_name(args.buf) })[1] or "") or vim.fn.getcwd()
    local id = vim.lsp.start_client({ name = "summcheck", cmd = { "summcheck", "server" },
                                      root_dir = root ~= "" and root or vim.fn.getcwd() })
    if id then vim.lsp.buf_attach_client(args.buf, id) end
  end,
})
