"""minimamba's causal LM: 2 selective-SSM layers of width 64 over a 500-token vocabulary."""

from minimamba import MambaConfig, MambaForCausalLM

model = MambaForCausalLM(
    MambaConfig(d_model=64, n_layer=2, vocab_size=500, d_state=8, d_conv=4, expand=2)
)
