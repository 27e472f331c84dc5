;;; summcheck.el --- summcheck's language server through eglot  -*- lexical-binding: t -*-
;; Load it from init.el; `M-x eglot' in a summary (or `eglot-ensure' in a hook) starts it.
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((markdown-mode gfm-mode json-mode js-json-mode yaml-mode yaml-ts-mode)
                 . ("summcheck" "server"))))
(add-hook 'markdown-mode-hook #'eglot-ensure)
;;; summcheck.el ends here
