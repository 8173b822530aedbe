import type { Bundle } from '../types';

/**
 * A patient's details as the patient (Settings: "Your details", "Family members") or the front
 * desk corrects them, and the API's messages for it (shown as sent, translated when known).
 */
const en = {
  yourDetails: 'Your details',
  yourDetailsIntro: 'Your name, date of birth and contact details, as your practices see them.',
  loading: 'Loading details',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  birthDate: 'Date of birth',
  birthDateHelp: 'Format: MM/DD/YYYY',
  gender: 'Gender',
  genderNone: 'Not given',
  mobileNumber: 'Mobile number',
  zipCode: 'Zip code',
  relationship: 'Relationship',
  save: 'Save',
  saving: 'Saving',
  cancel: 'Cancel',
  checkFields: 'Check the fields marked in red.',
  family: 'Family members',
  familyIntro: 'The people you book visits for. Correct a name or date of birth here.',
  noFamily: 'No family members yet. You add one when you book a visit for them.',
  loadingFamily: 'Loading family members',
  edit: 'Edit',
  editMember: 'Edit {{name}}',
  editDetails: 'Edit details',
  editDetailsOf: 'Edit details of {{name}}',
  editTitle: 'Edit details',
  bornOn: 'Born {{date}}',
  memberSaved: 'Details of {{name}} saved.',
  genders: {
    Male: 'Male',
    Female: 'Female',
    Other: 'Other',
    Unknown: 'Unknown',
  },
  relationships: {
    Spouse: 'Spouse',
    Child: 'Child',
    Parent: 'Parent',
    Sibling: 'Sibling',
    Guardian: 'Guardian',
    Other: 'Other',
  },
  messages: {
    saved: 'Patient details saved.',
    memberHasNoContact:
      "A family member has no mobile number or zip code of their own: change the account holder's.",
    accountHasNoRelationship: 'Only a family member has a relationship to change.',
    notFound: 'This patient does not exist.',
  },
} as const;

export const patientDetails: Bundle<typeof en> = {
  en,
  es: {
    yourDetails: 'Sus datos',
    yourDetailsIntro:
      'Su nombre, fecha de nacimiento y datos de contacto, tal como los ven sus consultorios.',
    loading: 'Cargando los datos',
    firstName: 'Nombre',
    middleName: 'Segundo nombre',
    lastName: 'Apellido',
    birthDate: 'Fecha de nacimiento',
    birthDateHelp: 'Formato: MM/DD/AAAA',
    gender: 'Género',
    genderNone: 'Sin indicar',
    mobileNumber: 'Número de celular',
    zipCode: 'Código postal',
    relationship: 'Parentesco',
    save: 'Guardar',
    saving: 'Guardando',
    cancel: 'Cancelar',
    checkFields: 'Revise los campos marcados en rojo.',
    family: 'Familiares',
    familyIntro:
      'Las personas para quienes reserva consultas. Corrija aquí un nombre o una fecha de nacimiento.',
    noFamily: 'Todavía no hay familiares. Se agregan al reservar una consulta para ellos.',
    loadingFamily: 'Cargando los familiares',
    edit: 'Editar',
    editMember: 'Editar a {{name}}',
    editDetails: 'Editar datos',
    editDetailsOf: 'Editar los datos de {{name}}',
    editTitle: 'Editar datos',
    bornOn: 'Nació el {{date}}',
    memberSaved: 'Se guardaron los datos de {{name}}.',
    genders: {
      Male: 'Masculino',
      Female: 'Femenino',
      Other: 'Otro',
      Unknown: 'Desconocido',
    },
    relationships: {
      Spouse: 'Cónyuge',
      Child: 'Hijo o hija',
      Parent: 'Padre o madre',
      Sibling: 'Hermano o hermana',
      Guardian: 'Tutor',
      Other: 'Otro',
    },
    messages: {
      saved: 'Se guardaron los datos del paciente.',
      memberHasNoContact:
        'Un familiar no tiene número de celular ni código postal propios: cambie los del titular de la cuenta.',
      accountHasNoRelationship: 'Solo un familiar tiene un parentesco que cambiar.',
      notFound: 'Este paciente no existe.',
    },
  },
};
