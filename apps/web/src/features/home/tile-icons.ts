import Accessibility from '@mui/icons-material/Accessibility';
import AccessibilityNew from '@mui/icons-material/AccessibilityNew';
import Bloodtype from '@mui/icons-material/Bloodtype';
import Face from '@mui/icons-material/Face';
import Favorite from '@mui/icons-material/Favorite';
import Healing from '@mui/icons-material/Healing';
import Hearing from '@mui/icons-material/Hearing';
import LocalPharmacy from '@mui/icons-material/LocalPharmacy';
import Masks from '@mui/icons-material/Masks';
import MedicalServices from '@mui/icons-material/MedicalServices';
import Medication from '@mui/icons-material/Medication';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import PregnantWoman from '@mui/icons-material/PregnantWoman';
import Psychology from '@mui/icons-material/Psychology';
import Restaurant from '@mui/icons-material/Restaurant';
import SelfImprovement from '@mui/icons-material/SelfImprovement';
import Sick from '@mui/icons-material/Sick';
import Thermostat from '@mui/icons-material/Thermostat';
import WaterDrop from '@mui/icons-material/WaterDrop';
import Biotech from '@mui/icons-material/Biotech';
import type { SvgIconComponent } from '@mui/icons-material';

/** One picture per tile, by its label. */
export const TILE_ICONS: Record<string, SvgIconComponent> = {
  'Primary Care': MedicalServices,
  Cardiology: Favorite,
  Neurology: Psychology,
  Dermatology: Face,
  Gastroenterology: Restaurant,
  Psychiatry: SelfImprovement,
  Nephrology: WaterDrop,
  Orthopedics: AccessibilityNew,
  'Pain Medicine': Healing,
  'Obstetrics & Gynecology': PregnantWoman,
  'Cold or Flu': Thermostat,
  Acne: Face,
  'Back Pain': Accessibility,
  Diabetes: Bloodtype,
  'Ear Infection': Hearing,
  'Annual Physical': MonitorHeart,
  'Birth Control': Medication,
  'Stomach Pain': Sick,
  UTI: Biotech,
  Headache: Masks,
};

export const FALLBACK_ICON = LocalPharmacy;
