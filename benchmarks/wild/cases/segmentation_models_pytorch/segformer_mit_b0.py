"""segmentation_models_pytorch: segformer_mit_b0 (wild-code corpus, benchmarks/wild)."""

import segmentation_models_pytorch as smp

model = smp.Segformer(encoder_name="mit_b0", encoder_weights=None, classes=2)
