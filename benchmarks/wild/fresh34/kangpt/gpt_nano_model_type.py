from kan_gpt.model import GPT

cfg = GPT.get_default_config()
cfg.model_type = "gpt-nano"
cfg.vocab_size = 50
cfg.block_size = 8
model = GPT(cfg)
