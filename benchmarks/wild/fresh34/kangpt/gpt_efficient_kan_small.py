from kan_gpt.model import GPT

config = GPT.get_default_config()
config.model_type = None
config.n_layer = 2
config.n_head = 2
config.n_embd = 32
config.vocab_size = 100
config.block_size = 16
config.kan_implementation = "EFFICIENT_KAN"
model = GPT(config)
