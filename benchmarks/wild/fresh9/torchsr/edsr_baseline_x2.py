from torchsr.models import edsr_baseline

model = edsr_baseline(scale=2, pretrained=False)
