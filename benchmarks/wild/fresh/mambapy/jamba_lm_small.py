"""mambapy: its Jamba LM (Mamba + attention + MoE) with a small config (fresh batch, benchmarks/wild/fresh)."""

from mambapy.jamba import JambaLM, JambaLMConfig

config = JambaLMConfig(
    d_model=64,
    n_layers=4,
    mlp_size=128,
    d_state=8,
    num_attention_heads=4,
    num_key_value_heads=2,
    num_experts=4,
    num_experts_per_tok=2,
    attn_layer_offset=1,
    attn_layer_period=2,
    expert_layer_offset=1,
    expert_layer_period=2,
    vocab_size=512,
)
model = JambaLM(config)
