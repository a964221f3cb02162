# OpenAI GPT (first version) language model with 3 special tokens added to the vocabulary
from pytorch_pretrained_bert.modeling_openai import OpenAIGPTConfig, OpenAIGPTLMHeadModel

config = OpenAIGPTConfig(
    vocab_size_or_config_json_file=10000,
    n_special=3,
    n_positions=256,
    n_ctx=256,
    n_embd=256,
    n_layer=4,
    n_head=8,
)
model = OpenAIGPTLMHeadModel(config)
