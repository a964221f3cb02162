from kan_gpt.model import GPT

config = GPT.get_default_config()
config.model_type = None
config.n_layer = 1
config.n_head = 2
config.n_embd = 8
config.vocab_size = 20
config.block_size = 4
config.kan_implementation = "ORIGINAL_KAN"
model = GPT(config)
