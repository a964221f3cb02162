"""litgpt: gpt_gqa (wild-code corpus, benchmarks/wild)."""

from litgpt.config import Config
from litgpt.model import GPT

config = Config(n_layer=2, n_head=4, n_query_groups=2, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128, mlp_class_name='LLaMAMLP', intermediate_size=128)
model = GPT(config)
