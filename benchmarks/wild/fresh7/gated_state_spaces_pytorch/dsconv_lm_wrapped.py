from gated_state_spaces_pytorch import GatedDsConvLM
from gated_state_spaces_pytorch.autoregressive_wrapper import AutoregressiveWrapper

net = GatedDsConvLM(
    num_tokens=512,
    dim=192,
    depth=4,
    heads=4,
    dim_dsconv=96,
    max_seq_len=1024,
    dim_expansion_factor=2,
)
model = AutoregressiveWrapper(net, max_seq_len=1024)
