from uformer_pytorch import Uformer

# diffusion-style: time embedding on, extra conditioning channel in
model = Uformer(
    dim=48,
    channels=3,
    input_channels=4,
    output_channels=3,
    stages=3,
    num_blocks=2,
    window_size=8,
    dim_head=24,
    heads=(2, 4, 8),
    time_emb=True,
)
