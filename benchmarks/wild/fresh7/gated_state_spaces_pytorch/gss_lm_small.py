from gated_state_spaces_pytorch import GatedStateSpacesLM

model = GatedStateSpacesLM(
    num_tokens=256,
    dim=256,
    depth=6,
    dim_expansion_factor=3,
    dss_kernel_N=128,
    dss_kernel_H=128,
)
