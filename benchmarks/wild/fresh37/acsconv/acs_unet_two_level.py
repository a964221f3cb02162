# the small ACS U-Net from the ACSConv examples
from acsconv.models.acsunet import ACSUNet

model = ACSUNet(num_classes=3)
