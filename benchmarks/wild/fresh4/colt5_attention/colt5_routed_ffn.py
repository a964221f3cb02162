from colt5_attention import ConditionalRoutedFeedForward

model = ConditionalRoutedFeedForward(
    dim=512, num_heavy_tokens=128, light_ff_mult=0.5, heavy_ff_mult=4
)
