"""litgpt: gpt_llama_like (wild-code corpus, benchmarks/wild)."""

from litgpt.config import Config
from litgpt.model import GPT

config = Config(n_layer=2, n_head=4, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128, bias=False, norm_class_name='RMSNorm', mlp_class_name='LLaMAMLP', intermediate_size=172, parallel_residual=False)
model = GPT(config)
