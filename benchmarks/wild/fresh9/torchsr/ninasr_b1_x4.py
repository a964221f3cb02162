from torchsr.models import ninasr_b1

model = ninasr_b1(scale=4, pretrained=False)
